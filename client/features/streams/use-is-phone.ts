import { useEffect, useState } from "react";

const PHONE = "(max-width: 767.98px)";

/** Below 768 px (spec 01 §9) the stream page stacks and the setup shows one combined field. */
export function useIsPhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE).matches);
  useEffect(() => {
    const list = window.matchMedia(PHONE);
    const onChange = () => setPhone(list.matches);
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, []);
  return phone;
}
