/**
 * The view shown as a request elsewhere: prefilled in the console, or copied as curl (the app
 * redacts the credentials).
 */
import { call, ui } from "../api/client.ts";
import type { BrowseRequest, ViewAsRequest } from "../api/types.ts";
import { prefillConsole } from "../navigation/console-prefill.ts";
import { navigate } from "../navigation/route.ts";
import { copyText } from "../ui/clipboard.ts";
import { useToasts } from "../ui/errors.tsx";

export function useViewAs(connectionId: string, gridId: string, request: BrowseRequest) {
  const toasts = useToasts();
  const viewAs = async (): Promise<ViewAsRequest> =>
    call(ui.grids[":grid"]["as-request"].$post, { param: { grid: gridId }, json: request });

  const openInConsole = async () => {
    try {
      const v = await viewAs();
      prefillConsole(connectionId, v.consoleText);
      navigate({ screen: "console", connectionId });
    } catch (e) {
      toasts.error(e);
    }
  };

  const copyCurl = async () => {
    try {
      const v = await viewAs();
      await copyText(v.curl);
      toasts.success("Copied the current view as curl (credentials redacted).");
    } catch (e) {
      toasts.error(e);
    }
  };

  return { openInConsole, copyCurl };
}
