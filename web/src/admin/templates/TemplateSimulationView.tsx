/**
 * What a new index made from a template would be, as the cluster's `_simulate` works it out: its
 * settings, mappings and aliases, and the other templates whose patterns overlap this one's.
 */
import type { TemplateSimulation } from "../../../../src/core/cluster-admin.ts";

export function TemplateSimulationView({ simulation }: { simulation: TemplateSimulation }) {
  return (
    <div className="admin-wide" data-testid="template-simulation">
      <p>A new index made from it, as the cluster simulates it:</p>
      <pre className="index-json">{JSON.stringify(simulation.result, null, 2)}</pre>
      {simulation.overlapping.length > 0 ? (
        <p className="muted" data-testid="template-overlapping">
          Overlapping templates:{" "}
          {simulation.overlapping.map((o) => `${o.name} (${o.patterns.join(", ")})`).join("; ")}
        </p>
      ) : (
        <p className="muted">No other template matches these patterns.</p>
      )}
    </div>
  );
}
