import clsx from "clsx";
import { ChevronDown, Gamepad2, X } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GameResponse as Game } from "../../../../server/games/schemas.ts";
import { fold } from "../../../../shared/fold.ts";
import "../../../i18n/screens/streams.ts";

interface GameSelectProps {
  label: string;
  games: Game[];
  value: Game | null;
  onChange: (game: Game | null) => void;
  error?: string;
  loading?: boolean;
}

/**
 * The game dropdown of the stream setup (spec 01 §2): an ARIA combobox whose options show the game's
 * icon and name; typing filters (accents and case ignored), a button clears the choice.
 */
export function GameSelect({ label, games, value, onChange, error, loading }: GameSelectProps) {
  const { t } = useTranslation("streams");
  const id = useId();
  const listId = `${id}-list`;
  const messageId = `${id}-message`;
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);

  const options = useMemo(() => {
    const needle = fold(query);
    return needle ? games.filter((game) => fold(game.name).includes(needle) || fold(game.shortName).includes(needle)) : games;
  }, [games, query]);

  const openList = () => {
    setOpen(true);
    setQuery("");
    setActive(
      Math.max(
        0,
        games.findIndex((game) => game.id === value?.id),
      ),
    );
  };
  const choose = (game: Game) => {
    onChange(game);
    setOpen(false);
    setQuery("");
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return openList();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (options.length ? (index + step + options.length) % options.length : 0));
    } else if (event.key === "Enter") {
      if (!open) return;
      event.preventDefault();
      const game = options[active];
      if (game) choose(game);
    } else if (event.key === "Escape" && open) {
      // Close the list, not the dialog around it.
      event.preventDefault();
      event.nativeEvent.stopImmediatePropagation();
      setOpen(false);
    }
  };

  const activeGame = open ? options[active] : undefined;
  return (
    <div className={clsx("field game-select", error && "field-invalid")}>
      <label htmlFor={id}>{label}</label>
      <div className="game-select-control">
        <span className="game-select-icon">{value && !open ? <GameIcon game={value} size={22} /> : <Gamepad2 size={20} aria-hidden className="muted" />}</span>
        <input
          ref={input}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeGame ? `${id}-option-${activeGame.id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          autoComplete="off"
          placeholder={loading ? t("games_loading") : t("game_placeholder")}
          value={open ? query : (value?.name ?? "")}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={openList}
          onClick={() => !open && openList()}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {value ? (
          <button
            type="button"
            className="icon-btn game-select-clear"
            aria-label={t("game_clear")}
            title={t("game_clear")}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              onChange(null);
              input.current?.focus();
            }}
          >
            <X size={16} aria-hidden />
          </button>
        ) : (
          <ChevronDown size={18} aria-hidden className="game-select-chevron" />
        )}
      </div>
      {open ? (
        <ul id={listId} role="listbox" aria-label={label} className="game-select-list">
          {options.length === 0 ? (
            <li className="game-select-empty muted" role="presentation">
              {loading ? t("games_loading") : t("game_no_match")}
            </li>
          ) : (
            options.map((game, index) => (
              <li
                key={game.id}
                id={`${id}-option-${game.id}`}
                role="option"
                aria-selected={game.id === value?.id}
                className={clsx("game-select-option", index === active && "game-select-option-active")}
                // Keep the focus in the input, so blur does not close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(game)}
              >
                <GameIcon game={game} size={24} />
                <span>{game.name}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
      {error ? (
        <p id={messageId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A game's icon, or a gamepad when it has none or it fails to load. */
export function GameIcon({ game, size = 20 }: { game: Pick<Game, "icon" | "name">; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!game.icon || failed) return <Gamepad2 size={size} aria-hidden className="game-icon-fallback" />;
  return <img className="game-icon" src={game.icon} alt="" width={size} height={size} onError={() => setFailed(true)} />;
}
