/**
 * `POST /drivers/:type/settings-from-url` with `{ url }`: the settings a connection URL gives
 * (the driver reads them), for the editor's paste. The page sends the address without its
 * credentials: it keeps the user and password itself (core/connection-url.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import { QuarryError } from "../../../../core/errors.ts";
import { badInput } from "../answers.ts";
import { answer, param } from "../handlers.ts";
import type { UiServices } from "../services.ts";
import { requireDriver } from "./connections.ts";

export function connectionUrlRoutes(app: UiServices) {
  return new Hono().post(
    "/drivers/:type/settings-from-url",
    answer(
      { param: param("type"), json: z.object({ url: z.string() }) },
      async (req, { type }): Promise<{ settings: Record<string, unknown> }> => {
        const text = req.body.url;
        if (!URL.canParse(text))
          throw badInput("url must be a URL such as https://localhost:9200.");
        const url = new URL(text);
        if (url.username || url.password)
          throw badInput("Send the URL without its user and password (the page keeps those).");
        const driver = await requireDriver(app, type);
        const schemes = driver.settingsForm().url?.schemes ?? [];
        const settings = schemes.includes(url.protocol.slice(0, -1))
          ? driver.settingsFromUrl(url)
          : undefined;
        if (!settings)
          throw new QuarryError(
            "invalid_input",
            `A ${driver.displayName} connection does not start with ${url.protocol}//.`,
            schemes.length
              ? `Paste a URL starting with ${schemes.map((s) => `${s}://`).join(" or ")}, or fill the fields.`
              : "Fill the fields instead.",
            { status: 400 },
          );
        return { settings };
      },
    ),
  );
}
