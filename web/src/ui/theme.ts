/**
 * The page's colour theme: System (follows prefers-color-scheme, live), Light or Dark. The choice
 * is kept by the app (GET/PUT /preferences), since the page's origin, and so its localStorage,
 * changes with each run's port; localStorage only keeps a hint so a reload within a run starts in
 * the right colours before the app answers. The effective theme goes on <html> as data-theme (the
 * page's CSS variables) and data-ag-theme-mode (AG Grid's own colour scheme).
 */
import { useEffect, useSyncExternalStore } from "react";
import { THEME_CHOICES, type ThemeChoice } from "../../../src/core/grid-layout.ts";
import { call, ui } from "../api/client.ts";

const HINT_KEY = "quarry.theme";
const systemDark = window.matchMedia("(prefers-color-scheme: dark)");
const listeners = new Set<() => void>();

let choice: ThemeChoice = readHint();

function readHint(): ThemeChoice {
  try {
    const hint = localStorage.getItem(HINT_KEY);
    return THEME_CHOICES.includes(hint as ThemeChoice) ? (hint as ThemeChoice) : "system";
  } catch {
    return "system";
  }
}

/** The theme shown for a choice: System is the system's. */
export function effectiveTheme(c: ThemeChoice = choice): "light" | "dark" {
  return c === "system" ? (systemDark.matches ? "dark" : "light") : c;
}

function apply(): void {
  const root = document.documentElement;
  const theme = effectiveTheme();
  root.dataset.theme = theme;
  root.dataset.agThemeMode = theme;
  root.dataset.themeChoice = choice;
  for (const l of listeners) l();
}

function setLocal(c: ThemeChoice): void {
  choice = c;
  try {
    localStorage.setItem(HINT_KEY, c);
  } catch {
    // storage turned off: the app's copy still holds it
  }
  apply();
}

apply();
systemDark.addEventListener("change", apply);

/** Choices made on this page, and those the app has answered as kept. */
let chosen = 0;
let kept = 0;

/** Chooses a theme now and keeps it in the app. */
export function chooseTheme(c: ThemeChoice): Promise<unknown> {
  chosen++;
  setLocal(c);
  return call(ui.preferences.$put, { json: { theme: c } }).finally(() => kept++);
}

/**
 * The app's kept choice, taken only if it cannot be older than the page's own: no choice was
 * made while it was asked for, and every choice made before was kept by then (a read answered
 * late, or before the app wrote the last choice, would put an older theme back).
 */
function readKeptChoice(): void {
  const asked = chosen;
  const settled = kept === chosen;
  call(ui.preferences.$get).then(
    (p) => {
      if (settled && chosen === asked && p.theme !== choice) setLocal(p.theme);
    },
    () => {},
  );
}

/** The theme chosen (re-renders on a change), after reading the app's kept choice once. */
export function useThemeChoice(): ThemeChoice {
  useEffect(readKeptChoice, []);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => choice,
  );
}
