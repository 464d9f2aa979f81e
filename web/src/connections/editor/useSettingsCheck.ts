/** Every change of the settings is checked by the app's own validation (the driver's rules), debounced. */
import { useEffect, useRef, useState } from "react";
import { call, toApiError, ui } from "../../api/client.ts";
import type { FieldError } from "./controls.tsx";

export function useSettingsCheck(type: string, settings: Record<string, unknown>): FieldError {
  const [fieldError, setFieldError] = useState<FieldError>(null);
  const seqRef = useRef(0);
  useEffect(() => {
    const seq = ++seqRef.current;
    const t = setTimeout(async () => {
      try {
        await call(ui.connections.validate.$post, { json: { type, settings } });
        if (seq === seqRef.current) setFieldError(null);
      } catch (e) {
        if (seq === seqRef.current) setFieldError(toApiError(e));
      }
    }, 250);
    return () => clearTimeout(t);
  }, [settings, type]);
  return fieldError;
}
