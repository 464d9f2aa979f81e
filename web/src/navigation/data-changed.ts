/**
 * "This connection's data changed": said by the views that write (a console request classified as
 * write or destructive, a grid save), heard by the workspace, which reloads the sidebar's index
 * list so its document counts follow. A window event: the views need no handle on the workspace.
 */
import { useEffect, useRef } from "react";

const EVENT = "quarry:data-changed";

export function announceDataChanged(connectionId: string): void {
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { connectionId } }));
}

/** Calls `onChange` each time the data of `connectionId` changed. */
export function useDataChanged(connectionId: string, onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const on = (e: Event) => {
      if ((e as CustomEvent<{ connectionId: string }>).detail.connectionId === connectionId)
        latest.current();
    };
    window.addEventListener(EVENT, on);
    return () => window.removeEventListener(EVENT, on);
  }, [connectionId]);
}
