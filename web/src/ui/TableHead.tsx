/** A table's header row from its column headings ("" heads a column of buttons). */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the headings are fixed, "" may repeat
          <th key={i}>{c}</th>
        ))}
      </tr>
    </thead>
  );
}
