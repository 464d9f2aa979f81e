/** Showing failures: an inline note with message and remedy, and toasts for background actions. */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { ApiError, type ApiErrorBody, toApiError } from "../api/client.ts";

/**
 * Any failure as an ApiError. Besides thrown values, the app hands errors over as plain
 * `{code, message, remedy}` values inside answers (a console block's parse error, a plugin's load
 * error); those keep their own message and remedy instead of becoming "Quarry did not answer".
 */
export function shownError(e: unknown): ApiError {
  if (isErrorBody(e)) return new ApiError(0, { code: "error", remedy: "", ...e });
  return toApiError(e);
}

function isErrorBody(e: unknown): e is Partial<ApiErrorBody> & { message: string } {
  return (
    !(e instanceof Error) &&
    e !== null &&
    typeof e === "object" &&
    typeof (e as { message?: unknown }).message === "string"
  );
}

/** Text with `backticks` shown as code, the way the app's messages name commands and values. */
export function RichText({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return (
    <>
      {parts.map((p, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        i % 2 === 1 ? <code key={i}>{p}</code> : <span key={i}>{p}</span>,
      )}
    </>
  );
}

export function ErrorNote({
  error,
  onDismiss,
  children,
}: {
  error: unknown;
  onDismiss?: () => void;
  /** Buttons that act on the remedy (Retry, Edit connection), under the remedy. */
  children?: ReactNode;
}) {
  if (!error) return null;
  const e = shownError(error);
  return (
    <div className="error-note" role="alert" data-code={e.code}>
      <div className="error-message">
        <RichText text={e.message} />
      </div>
      {e.remedy ? (
        <div className="error-remedy">
          <RichText text={e.remedy} />
        </div>
      ) : null}
      {children || onDismiss ? (
        <div className="error-actions">
          {children}
          {onDismiss ? (
            <button type="button" className="link" onClick={onDismiss}>
              Dismiss
            </button>
          ) : null}
        </div>
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
        const err = shownError(e);
        // Errors stay until closed: their remedy is there to be read and acted on.
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
              <div className="toast-message">
                <RichText text={t.message} />
              </div>
              {t.remedy ? (
                <div className="toast-remedy">
                  <RichText text={t.remedy} />
                </div>
              ) : null}
            </div>
            <button
              type="button"
              className="icon"
              aria-label="Close the message"
              onClick={() => dismiss(t.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
