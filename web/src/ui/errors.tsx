/** Showing failures: an inline note with message and remedy, and toasts for background actions. */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { type ApiError, toApiError } from "../api/client.ts";

export function ErrorNote({ error, onDismiss }: { error: unknown; onDismiss?: () => void }) {
  if (!error) return null;
  const e = toApiError(error);
  return (
    <div className="error-note" role="alert" data-code={e.code}>
      <div className="error-message">{e.message}</div>
      {e.remedy ? <div className="error-remedy">{e.remedy}</div> : null}
      {onDismiss ? (
        <button type="button" className="link" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}

interface Toast {
  id: number;
  kind: "error" | "info" | "success";
  message: string;
  remedy?: string;
}

interface Toasts {
  error(e: unknown): ApiError;
  info(message: string): void;
  success(message: string): void;
}

const ToastContext = createContext<Toasts | null>(null);

export function useToasts(): Toasts {
  const t = useContext(ToastContext);
  if (!t) throw new Error("useToasts outside ToastProvider");
  return t;
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((ts) => ts.filter((t) => t.id !== id)), []);
  const push = useCallback(
    (t: Omit<Toast, "id">, ms: number | null) => {
      const id = nextId++;
      setToasts((ts) => [...ts.slice(-4), { ...t, id }]);
      if (ms !== null) setTimeout(() => dismiss(id), ms);
    },
    [dismiss],
  );
  const api = useMemo<Toasts>(
    () => ({
      error(e) {
        const err = toApiError(e);
        if (err.code !== "aborted")
          push({ kind: "error", message: err.message, remedy: err.remedy }, null);
        return err;
      },
      info: (message) => push({ kind: "info", message }, 4000),
      success: (message) => push({ kind: "success", message }, 4000),
    }),
    [push],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((t) => (
          <div
            key={t.id}
            className={`toast toast-${t.kind}`}
            role={t.kind === "error" ? "alert" : "status"}
          >
            <div className="toast-body">
              <div className="toast-message">{t.message}</div>
              {t.remedy ? <div className="toast-remedy">{t.remedy}</div> : null}
            </div>
            <button type="button" className="icon" aria-label="Close" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
