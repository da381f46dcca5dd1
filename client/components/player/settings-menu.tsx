import { Check, ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

type MenuValue = string | number;

export interface MenuSection {
  id: string;
  label: string;
  /** The value shown on the section's line. */
  current: string;
  choices: { value: MenuValue; label: string }[];
  selected: MenuValue;
  onSelect: (value: MenuValue) => void;
}

interface SettingsMenuProps {
  id: string;
  sections: MenuSection[];
  /** null: the list of sections; else the open section's id. */
  panel: string | null;
  onPanel: (panel: string | null) => void;
  onClose: () => void;
}

/**
 * The gear's menu: one line per setting (Quality, latency, Speed) showing its value; a line opens its
 * choices with a Back line on top (spec 01 §2). Arrow keys move, Escape closes, focus stays inside.
 */
export function SettingsMenu({ id, sections, panel, onPanel, onClose }: SettingsMenuProps) {
  const { t } = useTranslation("player");
  const list = useRef<HTMLDivElement>(null);
  const open = sections.find((section) => section.id === panel) ?? null;

  // On the panel's opening only: `sections` is rebuilt at each render of the player (its levels, its state), and
  // focusing again then would pull a keyboard user back to the checked line under their arrow keys.
  useEffect(() => {
    const items = list.current?.querySelectorAll<HTMLElement>("[role^=menuitem]");
    const checked = list.current?.querySelector<HTMLElement>("[aria-checked=true]");
    (checked ?? items?.[panel ? 1 : 0] ?? items?.[0])?.focus();
  }, [panel]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>("[role^=menuitem]") ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      if (open) onPanel(null);
      else onClose();
    } else if (event.key === "ArrowLeft" && open) {
      event.preventDefault();
      onPanel(null);
    }
  };

  return (
    <div ref={list} id={id} className="player-menu" role="menu" aria-label={open ? open.label : t("settings")} onKeyDown={onKeyDown}>
      {open ? (
        <>
          <button type="button" role="menuitem" className="player-menu-item player-menu-back" onClick={() => onPanel(null)}>
            <ChevronLeft size={16} aria-hidden />
            <span>{t("back")}</span>
            <span className="player-menu-title" aria-hidden>
              {open.label}
            </span>
          </button>
          {open.choices.map((choice) => {
            const checked = Object.is(choice.value, open.selected);
            return (
              <button
                key={String(choice.value)}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                className="player-menu-item"
                onClick={() => {
                  open.onSelect(choice.value);
                  onClose();
                }}
              >
                <span className="player-menu-check">{checked ? <Check size={16} aria-hidden /> : null}</span>
                <span>{choice.label}</span>
              </button>
            );
          })}
        </>
      ) : (
        sections.map((section) => (
          <button key={section.id} type="button" role="menuitem" aria-haspopup="menu" className="player-menu-item" onClick={() => onPanel(section.id)}>
            <span>{section.label}</span>
            <span className="player-menu-value">{section.current}</span>
            <ChevronRight size={16} aria-hidden />
          </button>
        ))
      )}
    </div>
  );
}
import "../../i18n/screens/player.ts";
