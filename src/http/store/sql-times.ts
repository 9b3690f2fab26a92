/** A `timestamptz` printed by the database as the contract writes times: UTC, milliseconds, `Z`. */
export function printed(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
