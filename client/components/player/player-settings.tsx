import { Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { MenuPanel, SettingsMenuState } from "./hooks/use-settings-menu.ts";
import { type MenuSection, SettingsMenu } from "./settings-menu.tsx";

interface PlayerSettingsProps {
  menu: SettingsMenuState;
  sections: MenuSection[];
}

/** The gear and its menu. */
export function PlayerSettings({ menu, sections }: PlayerSettingsProps) {
  const { t } = useTranslation("player");
  return (
    <div className="player-settings">
      <button
        ref={menu.settingsButton}
        type="button"
        className="player-btn"
        aria-label={t("settings")}
        title={t("settings")}
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? menu.menuId : undefined}
        onClick={menu.toggle}
      >
        <Settings size={20} aria-hidden />
      </button>
      {menu.open ? <SettingsMenu id={menu.menuId} sections={sections} panel={menu.panel} onPanel={(panel) => menu.showPanel(panel as MenuPanel | null)} onClose={menu.close} /> : null}
    </div>
  );
}
import "../../i18n/screens/player.ts";
