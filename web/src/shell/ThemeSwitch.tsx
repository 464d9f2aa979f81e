/** The top bar's theme switch: System, Light or Dark; Alt+T moves to the next. */
import { useEffect } from "react";
import { THEME_CHOICES, type ThemeChoice } from "../../../src/core/grid-layout.ts";
import { useToasts } from "../ui/errors.tsx";
import { isModalOpen } from "../ui/modal.tsx";
import { chooseTheme, useThemeChoice } from "../ui/theme.ts";

const LABELS: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };

export function ThemeSwitch() {
  const choice = useThemeChoice();
  const toasts = useToasts();
  const choose = (c: ThemeChoice) => chooseTheme(c).catch((e) => toasts.error(e));

  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.code !== "KeyT" || e.defaultPrevented) return;
      if (isModalOpen()) return;
      e.preventDefault();
      const next = THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length]!;
      choose(next);
    };
    window.addEventListener("keydown", on);
    return () => window.removeEventListener("keydown", on);
  });

  return (
    <label className="theme-switch" title="Colour theme (Alt+T: next)">
      <span className="visually-hidden">Theme</span>
      <span aria-hidden="true">◐</span>
      <select
        value={choice}
        onChange={(e) => choose(e.target.value as ThemeChoice)}
        aria-keyshortcuts="Alt+T"
        data-testid="theme-switch"
      >
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {LABELS[c]}
          </option>
        ))}
      </select>
    </label>
  );
}
