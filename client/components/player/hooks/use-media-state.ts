import { type SyntheticEvent, useCallback, useState } from "react";

type VideoEvent = SyntheticEvent<HTMLVideoElement>;

/** What the <video> reports about itself: paused or not, time, duration, speed and picture height. */
export function useMediaState(video: React.RefObject<HTMLVideoElement | null>) {
  const [paused, setPaused] = useState(true);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [speed, setSpeed] = useState(1);
  const [videoHeight, setVideoHeight] = useState(0);

  const seek = (time: number) => {
    const element = video.current;
    if (element) element.currentTime = time;
    setCurrentTime(time);
  };

  /** The rate changes when the element says so (onRateChange). */
  const changeSpeed = useCallback(
    (rate: number) => {
      if (video.current) video.current.playbackRate = rate;
    },
    [video],
  );

  const mediaEvents = {
    onPlay: () => setPaused(false),
    onPause: () => setPaused(true),
    onTimeUpdate: (event: VideoEvent) => setCurrentTime(event.currentTarget.currentTime),
    onDurationChange: (event: VideoEvent) => setDuration(Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0),
    onLoadedMetadata: (event: VideoEvent) => setVideoHeight(event.currentTarget.videoHeight),
    onResize: (event: VideoEvent) => setVideoHeight(event.currentTarget.videoHeight),
    onRateChange: (event: VideoEvent) => setSpeed(event.currentTarget.playbackRate),
  };

  return { paused, currentTime, duration, speed, videoHeight, seek, changeSpeed, mediaEvents };
}
