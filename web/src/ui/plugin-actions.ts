/** Plugin install/update/remove, shared by the chooser and Settings > Plugins. */
import { call, ui } from "../api/client.ts";
import type { JobView } from "../api/types.ts";
import { waitForJob } from "./jobs.ts";

export async function installPlugin(type: string, onUpdate: (j: JobView) => void): Promise<void> {
  const job = await call(ui.plugins[":type"].install.$post, { param: { type } });
  await waitForJob(job, onUpdate);
}

export async function updatePlugin(type: string, onUpdate: (j: JobView) => void): Promise<void> {
  const job = await call(ui.plugins[":type"].update.$post, { param: { type } });
  await waitForJob(job, onUpdate);
}

export async function removePlugin(type: string): Promise<void> {
  await call(ui.plugins[":type"].$delete, { param: { type } });
}
