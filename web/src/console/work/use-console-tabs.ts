/**
 * The console's tabs on a connection: loaded from the app (which keeps them in its data folder),
 * each with its own text; changes saved to the app shortly after the last keystroke, so they
 * survive a restart. The first visit makes one tab of what the editor held before; a request
 * handed over from elsewhere ("Open in console") opens in a tab of its own.
 */
import { useCallback, useEffect, useRef, useState } from "react";

import { call, ui } from "../../api/client.ts";
import type { ConsoleTab, ConsoleTabs } from "../../api/types.ts";
import { takePrefill } from "../../navigation/console-prefill.ts";
import { useToasts } from "../../ui/errors.tsx";
import { initialText } from "../editor/editor.ts";

const SAVE_DELAY_MS = 600;

const newId = () => crypto.randomUUID();

/** "Tab 3": the first number no tab uses. */
function nextName(tabs: ConsoleTab[]): string {
  const names = new Set(tabs.map((t) => t.name));
  let n = tabs.length + 1;
  for (let i = 1; i <= tabs.length + 1; i++)
    if (!names.has(`Tab ${i}`)) {
      n = i;
      break;
    }
  return `Tab ${n}`;
}

/** Pure edits of the tabs. */
const edits = {
  add: (s: ConsoleTabs, text: string): ConsoleTabs => {
    const tab = { id: newId(), name: nextName(s.tabs), text };
    return { tabs: [...s.tabs, tab], active: tab.id };
  },
  rename: (s: ConsoleTabs, id: string, name: string): ConsoleTabs => ({
    ...s,
    tabs: s.tabs.map((t) => (t.id === id ? { ...t, name: name.trim() || t.name } : t)),
  }),
  close: (s: ConsoleTabs, id: string): ConsoleTabs => {
    const at = s.tabs.findIndex((t) => t.id === id);
    const tabs = s.tabs.filter((t) => t.id !== id);
    // The last tab is never closed: it is emptied instead.
    if (tabs.length === 0) {
      const tab = { id: newId(), name: "Tab 1", text: "" };
      return { tabs: [tab], active: tab.id };
    }
    const active = s.active === id ? tabs[Math.min(at, tabs.length - 1)]!.id : s.active;
    return { tabs, active };
  },
};

/** The tabs when the page opens: as stored, the first one made, or one more for a handed request. */
function opened(stored: ConsoleTabs, handed: string | null, connectionId: string) {
  if (stored.tabs.length === 0) {
    const first = { id: newId(), name: "Tab 1", text: handed ?? initialText(connectionId) };
    return { tabs: [first], active: first.id };
  }
  return handed !== null ? edits.add(stored, handed) : stored;
}

export function useConsoleTabs(connectionId: string) {
  const toasts = useToasts();
  // The texts change at every keystroke: kept in a ref, so typing re-renders nothing.
  const state = useRef<ConsoleTabs | null>(null);
  const [view, setView] = useState<{ tabs: { id: string; name: string }[]; active: string }>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const publish = useCallback(() => {
    const s = state.current!;
    setView({ tabs: s.tabs.map(({ id, name }) => ({ id, name })), active: s.active });
  }, []);

  const saveNow = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!state.current) return;
    try {
      await call(ui.connections[":id"].console.tabs.$put, {
        param: { id: connectionId },
        json: state.current,
      });
    } catch (e) {
      toasts.error(e);
    }
  }, [connectionId, toasts]);

  const saveSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(), SAVE_DELAY_MS);
  }, [saveNow]);

  useEffect(() => {
    let live = true;
    state.current = null;
    setView(undefined);
    call(ui.connections[":id"].console.tabs.$get, { param: { id: connectionId } })
      .then((stored) => {
        if (!live) return;
        const handed = takePrefill(connectionId);
        state.current = opened(stored, handed, connectionId);
        publish();
        if (stored.tabs.length === 0 || handed !== null) void saveNow();
      })
      .catch((e) => live && toasts.error(e));
    return () => {
      live = false;
      // What was typed last is not lost when the page moves to another connection.
      if (timer.current) void saveNow();
    };
  }, [connectionId, publish, saveNow, toasts]);

  const change = useCallback(
    (edit: (s: ConsoleTabs) => ConsoleTabs, soon = false) => {
      if (!state.current) return;
      state.current = edit(state.current);
      publish();
      if (soon) saveSoon();
      else void saveNow();
    },
    [publish, saveNow, saveSoon],
  );

  const active = state.current?.tabs.find((t) => t.id === state.current?.active);
  return {
    /** Undefined while loading. */
    view,
    /** The open tab's id and its text when it was opened (the editor holds it from then on). */
    doc: active ? { key: active.id, text: active.text } : null,
    setText: (text: string) => {
      const s = state.current;
      if (!s) return;
      s.tabs = s.tabs.map((t) => (t.id === s.active ? { ...t, text } : t));
      saveSoon();
    },
    select: (id: string) => change((s) => ({ ...s, active: id })),
    add: (text = "") => change((s) => edits.add(s, text)),
    rename: (id: string, name: string) => change((s) => edits.rename(s, id, name)),
    close: (id: string) => change((s) => edits.close(s, id)),
  };
}
