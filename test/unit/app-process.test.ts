/** The app process's pure rules: quarry:// URLs, the browser opener, the Linux desktop entries. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { browserCommand } from "../../src/app/process/browser.ts";
import {
  desktopEntries,
  execArg,
  MENU_ENTRY,
  URL_HANDLER_ENTRY,
  withSchemeDefault,
} from "../../src/app/process/desktop.ts";
import { parseQuarryUrl } from "../../src/app/process/quarry-url.ts";
import { statusOf as httpStatusFor } from "../../src/core/error-status.ts";
import { errors } from "../../src/core/errors.ts";

describe("parseQuarryUrl", () => {
  it("knows quarry://integrations/start-mcp, in any case, with or without a trailing slash", () => {
    for (const url of [
      "quarry://integrations/start-mcp",
      "QUARRY://Integrations/Start-MCP",
      "quarry://integrations/start-mcp/",
      " quarry://integrations/start-mcp\n",
    ]) {
      assert.equal(parseQuarryUrl(url), "start-mcp", url);
    }
  });

  it("refuses every other URL by name", () => {
    for (const url of [
      "quarry://integrations/stop",
      "http://integrations/start-mcp",
      "quarry:",
      "x",
    ]) {
      assert.throws(
        () => parseQuarryUrl(url),
        (e: unknown) => {
          const err = e as { code: string; message: string; remedy: string };
          assert.equal(err.code, "invalid_input");
          assert.match(err.message, /^Quarry does not know the URL /);
          assert.equal(err.remedy, "The URL Quarry answers is quarry://integrations/start-mcp.");
          return true;
        },
      );
    }
  });
});

describe("browserCommand", () => {
  it("uses QUARRY_BROWSER, open on macOS, xdg-open in a graphical Linux session", () => {
    assert.deepEqual(browserCommand({ QUARRY_BROWSER: "/bin/spy" }, "linux"), {
      command: "/bin/spy",
    });
    assert.deepEqual(browserCommand({}, "darwin"), { command: "open" });
    assert.deepEqual(browserCommand({ DISPLAY: ":0" }, "linux"), { command: "xdg-open" });
    assert.deepEqual(browserCommand({ WAYLAND_DISPLAY: "wayland-0" }, "linux"), {
      command: "xdg-open",
    });
  });

  it("opens nothing without a graphical session or with QUARRY_BROWSER=none", () => {
    assert.deepEqual(browserCommand({}, "linux"), { none: "there is no graphical session" });
    assert.deepEqual(browserCommand({ QUARRY_BROWSER: "none", DISPLAY: ":0" }, "darwin"), {
      none: 'QUARRY_BROWSER is "none"',
    });
  });
});

describe("desktop entries", () => {
  it("quote the Exec path as the Desktop Entry Specification asks", () => {
    assert.equal(execArg("/opt/quarry/bin/quarry"), "/opt/quarry/bin/quarry");
    assert.equal(execArg("/home/a b/quarry"), '"/home/a b/quarry"');
    assert.equal(execArg('/x/"q"$`\\'), '"/x/\\\\"q\\\\"\\\\$\\\\`\\\\\\\\"');
    assert.equal(execArg("/x/100%/quarry"), "/x/100%%/quarry");
  });

  it("register the quarry:// scheme on a hidden handler entry that runs open-url", () => {
    const entries = desktopEntries("/opt/q/bin/quarry");
    assert.match(entries[MENU_ENTRY]!, /^Exec=\/opt\/q\/bin\/quarry start$/m);
    assert.doesNotMatch(entries[MENU_ENTRY]!, /MimeType/);
    const handler = entries[URL_HANDLER_ENTRY]!;
    assert.match(handler, /^Exec=\/opt\/q\/bin\/quarry open-url %u$/m);
    assert.match(handler, /^MimeType=x-scheme-handler\/quarry;$/m);
    assert.match(handler, /^NoDisplay=true$/m);
  });

  it("set and unset the default in mimeapps.list, keeping everything else", () => {
    const before =
      "[Default Applications]\ntext/html=firefox.desktop\nx-scheme-handler/quarry=old.desktop\n\n[Added Associations]\nimage/png=gimp.desktop\n";
    const set = withSchemeDefault(before, URL_HANDLER_ENTRY);
    assert.equal(
      set,
      "[Default Applications]\nx-scheme-handler/quarry=quarry-url-handler.desktop\ntext/html=firefox.desktop\n\n[Added Associations]\nimage/png=gimp.desktop\n",
    );
    assert.equal(
      withSchemeDefault("", URL_HANDLER_ENTRY),
      "[Default Applications]\nx-scheme-handler/quarry=quarry-url-handler.desktop\n",
    );
    assert.equal(
      withSchemeDefault(set, null),
      "[Default Applications]\ntext/html=firefox.desktop\n\n[Added Associations]\nimage/png=gimp.desktop\n",
    );
  });
});

describe("httpStatusFor", () => {
  it("says who is at fault", () => {
    assert.equal(httpStatusFor(errors.invalidConfig("Host", "x", "y")), 400);
    assert.equal(httpStatusFor(errors.pluginUnavailable("x", "y")), 404);
    assert.equal(httpStatusFor(errors.catalogUnavailable("u", "r")), 502);
    assert.equal(
      httpStatusFor(errors.pluginIntegrityFailed("es", "a", "b".repeat(64), "c".repeat(64))),
      500,
    );
  });
});
