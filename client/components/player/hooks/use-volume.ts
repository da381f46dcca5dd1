import { type SyntheticEvent, useCallback, useEffect, useState } from "react";
import { INITIAL_VOLUME } from "../lib/player-config.ts";

/** Sound: the mute toggle, the slider, and whether the player muted itself (which offers "tap to unmute"). */
export function useVolume(video: React.RefObject<HTMLVideoElement | null>) {
  const [muted, setMuted] = useState(false);
  const [autoMuted, setAutoMuted] = useState(false);
  const [volume, setVolume] = useState(INITIAL_VOLUME);

  // The element's initial volume (spec 01 §9: 0.5).
  useEffect(() => {
    if (video.current) video.current.volume = INITIAL_VOLUME;
  }, [video]);

  const toggleMute = useCallback(() => {
    const element = video.current;
    if (!element) return;
    if (element.muted || element.volume === 0) {
      element.muted = false;
      if (element.volume === 0) element.volume = INITIAL_VOLUME;
    } else element.muted = true;
    setAutoMuted(false);
  }, [video]);

  const changeVolume = (value: number) => {
    const element = video.current;
    if (!element) return;
    element.volume = value;
    element.muted = value === 0;
    // Set at once: waiting for "volumechange" lets React put the old value back between fast key presses.
    setMuted(value === 0);
    if (value > 0) setVolume(value);
    setAutoMuted(false);
  };

  const markAutoMuted = useCallback(() => setAutoMuted(true), []);

  const onVolumeChange = (event: SyntheticEvent<HTMLVideoElement>) => {
    setMuted(event.currentTarget.muted || event.currentTarget.volume === 0);
    if (event.currentTarget.volume > 0) setVolume(event.currentTarget.volume);
  };

  return { muted, autoMuted, volume, shownVolume: muted ? 0 : volume, toggleMute, changeVolume, markAutoMuted, onVolumeChange };
}
