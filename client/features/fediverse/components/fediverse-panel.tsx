import { Skeleton } from "../../../components/skeleton.tsx";
import { isFediverseOff, useFediverseActor } from "../api/fediverse.ts";
import { FediverseFollowers, FediverseOff } from "./fediverse-followers.tsx";
import { FediverseFollowing } from "./fediverse-following.tsx";

/** The settings' Fédivers tab: the member's channel on the fediverse (handle, followers) and the accounts it follows there. */
export function FediversePanel({ username }: { username: string }) {
  const actor = useFediverseActor(username);
  return (
    <div className="fediverse-tab">
      {actor.isPending ? (
        <Skeleton height={120} />
      ) : isFediverseOff(actor.error) ? (
        <FediverseOff />
      ) : (
        <>
          <FediverseFollowers identifier={username} kind="channel" />
          <FediverseFollowing />
        </>
      )}
    </div>
  );
}
