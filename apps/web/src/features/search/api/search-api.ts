// POST /api/search { searchVal }: bots, attack plans and downloads matching the value.
import { searchResponseSchema, searchRoutes, type SearchResponse } from "@dsbot/protocol";
import { api } from "@/lib/api";

/** The request goes 1000 ms after the last keystroke. */
export const SEARCH_DELAY = 1000;
/** Closing the dialog clears query and results after 300 ms. */
export const SEARCH_RESET_DELAY = 300;

export async function searchRequest(searchVal: string, signal?: AbortSignal): Promise<SearchResponse> {
  const body = await api.call(searchRoutes.search, { body: { searchVal }, signal });
  return searchResponseSchema.parse(body);
}

export function isEmptyResult(result: SearchResponse): boolean {
  return result.dsbots.length === 0 && result.attackPlans.length === 0 && result.downloads.length === 0;
}
