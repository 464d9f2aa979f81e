/**
 * One request at a time with its state: busy while it runs, its error kept for the page to show
 * (cleared when the next starts). `attempt` runs the work and says whether it succeeded.
 */
import { useState } from "react";

export function useBusy() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const attempt = async (work: () => Promise<void>, onError?: () => void): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (e) {
      onError?.();
      setError(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, attempt };
}
