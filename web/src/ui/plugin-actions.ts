/** Plugin install/update/remove, shared by the chooser and Settings > Plugins. */
import { del, post, seg } from "../api/client.ts";
import type { JobView } from "../api/types.ts";
import { waitForJob } from "./jobs.ts";

export async function installPlugin(type: string, onUpdate: (j: JobView) => void): Promise<void> {
  const job = await post<JobView>(`/plugins/${seg(type)}/install`);
  await waitForJob(job, onUpdate);
}

export async function updatePlugin(type: string, onUpdate: (j: JobView) => void): Promise<void> {
  const job = await post<JobView>(`/plugins/${seg(type)}/update`);
  await waitForJob(job, onUpdate);
}

export async function removePlugin(type: string): Promise<void> {
  await del(`/plugins/${seg(type)}`);
}
