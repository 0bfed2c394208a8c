// The public API of the tab requests: the rest of the app imports it from here. The page (routes/*) and
// the realtime listener (`TabRequestRealtime`, app/root-layout.tsx) are loaded lazily, straight from
// their modules, so each stays its own chunk.
export { openTabRequestCountQueryOptions } from "./api/tab-requests-api";
export { SEND_ALARM_SECONDS_MAX, SEND_ALARM_SECONDS_MIN, useSendAlarm } from "./send-alarm";
