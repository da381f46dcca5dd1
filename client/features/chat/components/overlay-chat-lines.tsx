import { useChatMessages } from "../api/get-chat-history.ts";
import { useChatEvents } from "../api/use-chat-events.ts";
import { lineText, nameHue } from "../format.ts";
import "../../../styles/overlays.css";

/** The latest lines only: an overlay is a corner of the scene, not a scrolling panel. */
const LINES_SHOWN = 12;

/** A channel's chat as an OBS overlay draws it (issue 36, item 4): the latest lines as they come, newest at the bottom. */
export function OverlayChatLines({ streamID }: { streamID: string }) {
  useChatEvents(streamID);
  const lines = (useChatMessages(streamID).data ?? []).slice(-LINES_SHOWN);
  return (
    <ol className="overlay-chat" aria-live="polite">
      {lines.map((line) => (
        <li key={line.id} className={line.system ? "overlay-chat-line overlay-chat-system" : "overlay-chat-line"}>
          {line.system ? null : (
            <span className="overlay-chat-name" style={{ "--name-hue": nameHue(line.username) } as React.CSSProperties}>
              {line.username}
            </span>
          )}
          <span className="overlay-chat-text">{lineText(line)}</span>
        </li>
      ))}
    </ol>
  );
}
