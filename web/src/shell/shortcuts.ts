/**
 * The keyboard shortcuts, in one list: the help dialog (`?`) shows it, and README's "Keyboard"
 * section says the same. Ctrl stands for ⌘ on macOS and Alt for Option.
 */
export interface Shortcut {
  keys: string[];
  does: string;
}

export const SHORTCUTS: { where: string; list: Shortcut[] }[] = [
  {
    where: "Everywhere",
    list: [
      { keys: ["Alt+C"], does: "Connections" },
      { keys: ["Alt+D"], does: "Data: the table last opened on this connection" },
      { keys: ["Alt+E"], does: "Console" },
      { keys: ["Alt+O"], does: "Cluster overview: health, nodes, shards" },
      { keys: ["Alt+A"], does: "Administration: snapshots, security, templates" },
      { keys: ["Alt+S"], does: "Settings" },
      { keys: ["Alt+T"], does: "Theme: the next of System, Light, Dark" },
      { keys: ["?"], does: "This list of shortcuts" },
      { keys: ["Escape"], does: "Close a dialog; focus goes back where it was" },
    ],
  },
  {
    where: "Indices (sidebar)",
    list: [
      { keys: ["/"], does: "Filter the indices by name" },
      { keys: ["Enter"], does: "In the filter: open the first index that matches" },
      { keys: ["↓", "↑"], does: "Move through the indices; Enter opens one" },
    ],
  },
  {
    where: "Grid",
    list: [
      { keys: ["Arrows", "Tab"], does: "Move between cells" },
      {
        keys: ["Enter", "F2"],
        does: "Edit the cell (or just type); Enter keeps it, Escape undoes it",
      },
      { keys: ["Shift+Enter"], does: "Show the cell in full: formatted JSON, whole long values" },
      { keys: ["Space"], does: "Select the row (for Delete rows)" },
      { keys: ["Ctrl+S"], does: "Save the pending edits" },
      { keys: ["Ctrl+Shift+N"], does: "Add a row" },
      {
        keys: ["Alt+K"],
        does: "Columns: show, hide, order and pin them (Reset columns there too)",
      },
    ],
  },
  {
    where: "Console",
    list: [
      { keys: ["Ctrl+Enter"], does: "Run the request at the cursor" },
      { keys: ["Ctrl+Shift+Enter"], does: "Run every request, in order" },
      { keys: ["Ctrl+Space"], does: "Complete: paths, parameters, names, body keys, fields" },
      { keys: ["Ctrl+I"], does: "Format the body of the request at the cursor" },
    ],
  },
  {
    where: "Connection editor",
    list: [{ keys: ["Ctrl+S", "Enter"], does: "Save the connection" }],
  },
];
