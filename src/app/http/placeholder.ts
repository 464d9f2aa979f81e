/**
 * The page served while no built UI (dist/web) is present: says that Quarry runs, and how to get
 * the full UI. It holds no data, so it is served without the per-run key.
 */
export function placeholderPage(about: { version: string; dataDir: string }): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quarry</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 3rem auto; max-width: 40rem; padding: 0 1rem; color: #1d2330; }
  code { background: #f1f3f7; padding: 0.1rem 0.3rem; border-radius: 3px; }
  h1 { font-size: 1.5rem; }
</style>
</head>
<body>
<h1>Quarry ${esc(about.version)} is running</h1>
<p>This build has no web UI yet. Build it with <code>node scripts/build-web.ts</code> (or run
<code>npm start</code>), then reload this page.</p>
<p>Meanwhile everything works from the command line: <code>quarry connections list</code>,
<code>quarry plugins list</code>, <code>quarry status</code>.</p>
<p>Data folder: <code>${esc(about.dataDir)}</code></p>
</body>
</html>
`;
}

/** The placeholder page as an answer, with the same strict policy as the UI's own index.html. */
export function placeholderResponse(html: string): Response {
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-length": String(Buffer.byteLength(html)),
      "cache-control": "no-store",
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    },
  });
}
