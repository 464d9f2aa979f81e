/**
 * Completion in the console with CodeMirror's own machinery: the items come from the app (the
 * driver knows the database's requests, its body language and live names); here they are only
 * listed, filtered and inserted. A template item (`${}` places) is inserted as a snippet.
 */
import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
  completionKeymap,
  snippet,
} from "@codemirror/autocomplete";
import { keymap } from "@codemirror/view";
import { call, ui } from "../../api/client.ts";
import type { CompletionAnswer, CompletionItem } from "../../api/types.ts";

/** CodeMirror's icon classes for the kinds of item. */
const ICONS: Record<CompletionItem["kind"], string> = {
  method: "keyword",
  path: "namespace",
  parameter: "property",
  value: "enum",
  table: "class",
  column: "variable",
  keyword: "keyword",
  snippet: "text",
};

function option(item: CompletionItem): Completion {
  const o: Completion = { label: item.label, type: ICONS[item.kind] };
  if (item.detail) o.detail = item.detail;
  if (item.info) o.info = item.info;
  if (item.boost !== undefined) o.boost = item.boost;
  if (item.apply !== undefined)
    o.apply = item.apply.includes("${") ? snippet(item.apply) : item.apply;
  return o;
}

/** The completion source: asks the app for the place at the cursor. */
function source(connectionId: string) {
  return async (ctx: CompletionContext): Promise<CompletionResult | null> => {
    const text = ctx.state.doc.toString();
    let answer: CompletionAnswer;
    try {
      answer = await call(ui.connections[":id"].console.complete.$post, {
        param: { id: connectionId },
        json: { text, offset: ctx.pos },
      });
    } catch {
      return null; // Completion is a help: a failed ask shows nothing rather than an error.
    }
    if (ctx.aborted || answer.items.length === 0) return null;
    return {
      from: answer.from,
      to: Math.max(answer.to, ctx.pos),
      options: answer.items.map(option),
      ...(answer.validFor ? { validFor: new RegExp(answer.validFor) } : {}),
    };
  };
}

/** The console's completion: on typing and on Ctrl+Space, items from `connectionId`/complete. */
export function consoleCompletion(connectionId: string) {
  return [
    autocompletion({
      override: [source(connectionId)],
      activateOnTypingDelay: 80,
      maxRenderedOptions: 200,
    }),
    keymap.of(completionKeymap),
  ];
}
