/**
 * The strategic missions' board styles, loaded with the board's chunk (a `<style>` the board
 * renders): the page's stylesheet stays every page's, and this game's look stays in its files.
 */
export const SW_BOARD_CSS = `
.sw-summary {
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
  margin-bottom: 0.5rem;
}
.sw-summary .sw-mission {
  margin: 0;
}
.sw-turns {
  display: flex;
  flex-wrap: wrap;
  gap: 0.3rem 1.2rem;
  list-style: none;
  margin: 0;
  padding: 0;
}
.sw-turns li {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.3rem;
}
.sw-standings-wrap {
  max-width: 100%;
  overflow-x: auto;
}
.sw-standings {
  border-collapse: collapse;
  font-size: 0.9rem;
}
.sw-standings th,
.sw-standings td {
  border-bottom: 1px solid var(--line);
  padding: 0.2rem 0.5rem;
  text-align: left;
}
.sw-standings td {
  text-align: right;
  font-variant-numeric: tabular-nums;
}
.sw-maps {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 34rem), 1fr));
  gap: 1rem;
  align-items: start;
}
.sw-map {
  min-width: 0;
  background: var(--panel);
  border: 1px solid var(--line);
  border-radius: var(--radius);
  padding: 0.5rem;
}
.sw-map h3 {
  margin: 0 0 0.4rem;
}
.sw-hexes {
  display: block;
  width: 100%;
  height: auto;
  max-height: 80vh;
}
.sw-cell {
  stroke: #7b8494;
  stroke-width: 0.4;
  fill: #ffffff;
}
.sw-cell.kind-planet {
  fill: #8fd19e;
}
.sw-cell.kind-orbit {
  fill: #7fb0ea;
}
.sw-cell.kind-orbit-light {
  fill: #c7e2fa;
}
.sw-cell.kind-asteroid {
  fill: #f2b27a;
}
.sw-cell.kind-tunnel {
  fill: var(--owner, #d9d3f0);
  fill-opacity: 0.35;
  stroke: var(--owner, #7b8494);
  stroke-width: 1.2;
}
.sw-cell.kind-surface {
  fill: #fbfbf8;
}
.sw-cell.kind-territory {
  fill: var(--owner, #eeeeee);
  fill-opacity: 0.2;
}
.sw-cell.kind-control {
  fill: #f6c0c0;
}
.sw-cp-ring {
  fill: none;
  stroke: #b3261e;
  stroke-width: 1;
  stroke-dasharray: 2 1.5;
}
.sw-fill,
.sw-piece-cell {
  fill: var(--owner);
  fill-opacity: 0.55;
  stroke: var(--owner);
  stroke-width: 0.8;
}
.sw-piece-cell {
  fill-opacity: 0.8;
}
.sw-fill.lost,
.sw-piece.lost .sw-piece-cell {
  fill: #9aa0a8;
  fill-opacity: 0.5;
  stroke-dasharray: 1.5 1;
}
.sw-piece.kind-station .sw-piece-cell,
.sw-piece.kind-mine .sw-piece-cell,
.sw-piece.kind-generator .sw-piece-cell {
  fill-opacity: 0.45;
}
.sw-bow {
  fill: #111111;
}
.sw-trench {
  stroke: #5b3a1a;
  stroke-width: 1.6;
  stroke-linecap: round;
}
.sw-label {
  font-size: 5.2px;
  font-weight: 700;
  text-anchor: middle;
  dominant-baseline: central;
  fill: #111111;
  stroke: #ffffff;
  stroke-width: 1.2px;
  paint-order: stroke;
  pointer-events: none;
}
.sw-cp {
  fill: #8c1d18;
}
.sw-legend h4 {
  margin: 0.6rem 0 0.3rem;
  font-size: 0.95rem;
}
.sw-legion {
  margin-bottom: 0.4rem;
}
.sw-legion ul {
  list-style: none;
  margin: 0.25rem 0 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 16rem), 1fr));
  gap: 0.15rem 0.8rem;
}
.sw-legion li {
  overflow-wrap: anywhere;
}
.sw-legion li.lost .sw-name {
  text-decoration: line-through;
}
.sw-mark {
  display: inline-block;
  min-width: 2.2rem;
  padding: 0 0.25rem;
  border-left: 4px solid var(--owner);
  font-variant-numeric: tabular-nums;
}
.sw-neutral {
  margin: 0;
  font-weight: 600;
}
`;
