import { type PointerEvent, useRef } from "react";

interface GestureOptions {
  menuOpen: boolean;
  controlsShown: boolean;
  poke: () => void;
  togglePlay: () => void;
  toggleFullscreen: () => void;
}

/**
 * What a press on the picture does: on a mouse a click plays or pauses and a double click goes full screen;
 * on touch the first tap only shows the controls. Read at pointerdown, before that press changes them.
 */
export function useSurfaceGestures({ menuOpen, controlsShown, poke, togglePlay, toggleFullscreen }: GestureOptions) {
  const lastPointer = useRef<string>("mouse");
  /** A click that closes the menu should not also play or pause. */
  const menuWasOpen = useRef(false);
  const controlsWereShown = useRef(false);

  /** On the player's box, so that a press on the bar counts too. */
  const onPointerDown = (event: PointerEvent) => {
    lastPointer.current = event.pointerType;
    menuWasOpen.current = menuOpen;
    controlsWereShown.current = controlsShown;
    poke();
  };

  const onSurfacePointerUp = (event: PointerEvent) => {
    if (event.button !== 0 || menuWasOpen.current) return;
    // On touch the first tap shows the controls; on a mouse a click plays or pauses.
    // The pointerdown has already shown them, so ask what they were before it.
    if (event.pointerType === "touch" && !controlsWereShown.current) return poke();
    poke();
    togglePlay();
  };

  const onSurfaceDoubleClick = () => lastPointer.current === "mouse" && toggleFullscreen();

  return { onPointerDown, onSurfacePointerUp, onSurfaceDoubleClick };
}
