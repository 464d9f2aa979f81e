/**
 * What the app commands share: the `--port` flag, and a background start's failure.
 */
import { QuarryError } from "../../../core/errors.ts";

export function portFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new QuarryError(
      "invalid_input",
      `--port: "${value}" is not a port number`,
      "Give a number from 1 to 65535, or leave --port out to let the system choose a free port.",
    );
  }
  return port;
}

/** A background start's reported failure, as the error it was in the started process. */
export function failedStart(error: { code: string; message: string; remedy: string }): QuarryError {
  return new QuarryError(error.code as QuarryError["code"], error.message, error.remedy);
}
