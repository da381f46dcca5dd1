import { SrtPanel } from "../../../features/settings/components/srt-panel.tsx";
import { StreamSetupModal } from "../../../features/streams/components/stream-setup-modal.tsx";

/**
 * The Go Live setup with the SRT switch and address (issue 37, item 4) in its credentials step: two features
 * composed here, in the chunk go-live.tsx loads when the modal first opens (never in the first load).
 */
export function GoLiveSetup({ onClose }: { onClose: () => void }) {
  return <StreamSetupModal onClose={onClose} srtPanel={<SrtPanel />} />;
}
