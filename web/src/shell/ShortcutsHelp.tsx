/** The keyboard shortcuts dialog, opened with `?` or the top bar's "?" button. */
import { DialogFooter } from "../ui/dialog-footer.tsx";
import { Modal } from "../ui/modal.tsx";
import { SHORTCUTS } from "./shortcuts.ts";

export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title="Keyboard shortcuts"
      onClose={onClose}
      wide
      footer={<DialogFooter action="Done" onAction={onClose} />}
    >
      <p className="muted">Ctrl stands for ⌘ and Alt for Option on macOS.</p>
      <div className="shortcut-groups">
        {SHORTCUTS.map((group) => (
          <section key={group.where} className="shortcut-group">
            <h3>{group.where}</h3>
            <table className="shortcut-table">
              <tbody>
                {group.list.map((s) => (
                  <tr key={`${group.where}-${s.keys.join()}`}>
                    <th scope="row">
                      {s.keys.map((k, i) => (
                        <span key={k}>
                          {i > 0 ? " or " : null}
                          <kbd>{k}</kbd>
                        </span>
                      ))}
                    </th>
                    <td className="shortcut-does">{s.does}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </Modal>
  );
}
