import { useCallback, useEffect, useState } from "react";

/** The player's box in full screen; on iPhone, where only the <video> may go full screen, the video. */
export function useFullscreen(container: React.RefObject<HTMLElement | null>, video: React.RefObject<HTMLVideoElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [container]);

  const toggleFullscreen = useCallback(() => {
    const box = container.current;
    if (!box) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else if (box.requestFullscreen) void box.requestFullscreen().catch(() => undefined);
    else (video.current as HTMLVideoElement & { webkitEnterFullscreen?: () => void })?.webkitEnterFullscreen?.();
  }, [container, video]);

  return { fullscreen, toggleFullscreen };
}
