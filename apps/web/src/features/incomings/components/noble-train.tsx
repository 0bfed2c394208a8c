// A noble train's look outside the incomings table (the tribe's board): around a DataTable whose rows
// carry `data-train-place` (trainPlaces), their yellow bar and joined rows; on a phone, a train card's bar.
import type { ReactNode } from "react";
import type { TrainPlace } from "./incoming-cells";
import cellClasses from "./incoming-cells.module.css";

export function NobleTrainRows({ children }: { children: ReactNode }) {
  return <div className={cellClasses.table}>{children}</div>;
}

export function NobleTrainCard({ place, children }: { place: TrainPlace | undefined; children: ReactNode }) {
  if (!place) return <>{children}</>;
  return (
    <div className={cellClasses.trainCard} data-train-place={place}>
      {children}
    </div>
  );
}
