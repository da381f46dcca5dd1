import { Link } from "@tanstack/react-router";
import { Radio } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { toast } from "../../../lib/ui.ts";
import { useAnswerStation, useStationRequests } from "../api/stations.ts";
import "../../../i18n/screens/tournaments-ui.ts";

/**
 * On a member's dashboard (issue 34, item 17): the stations whose organisers ask for their channel, each to accept or
 * refuse. Nothing shows while nobody asks. Until they accept, the station streams nothing on their channel.
 */
export function StationRequests() {
  const { t } = useTranslation("tournaments-ui");
  const requests = useStationRequests();
  const answer = useAnswerStation();
  const list = requests.data?.requests ?? [];
  if (list.length === 0) return null;
  return (
    <section className="station-requests" aria-labelledby="station-requests-title">
      <h2 id="station-requests-title">
        <Radio size={18} aria-hidden /> {t("station_requests")}
      </h2>
      <ul className="station-request-list">
        {list.map((request) => {
          const reply = (accept: boolean) =>
            answer.mutate(
              { tournamentId: request.tournament.id, stationId: request.station.id, accept },
              { onSuccess: (done) => toast.success(done.message), onError: (error) => toast.error(error.message) },
            );
          return (
            <li key={request.station.id} className="station-request">
              <p>
                {t("station_request_text", { organiser: request.organiser, station: request.station.name, tournament: request.tournament.name })}{" "}
                <Link to="/tournament/$id" params={{ id: request.tournament.id }}>
                  {request.tournament.name}
                </Link>
              </p>
              <div className="row">
                <Button busy={answer.isPending && answer.variables?.stationId === request.station.id && answer.variables.accept} onClick={() => reply(true)}>
                  {t("station_accept")}
                </Button>
                <Button variant="secondary" disabled={answer.isPending} onClick={() => reply(false)}>
                  {t("station_refuse")}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
