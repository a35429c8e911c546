/**
 * Combat Commander's board styles, loaded with the board's chunk (a `<style>` the board
 * renders): the page's stylesheet stays every page's, and this game's look stays in its files.
 */
export const CC_BOARD_CSS = `
.cc-summary {
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin-bottom: 0.5rem;
}
.cc-scenario {
  margin: 0;
  font-weight: 600;
}
.cc-sides,
.cc-forces-sides {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
  gap: 0.5rem;
}
.cc-side,
.cc-force {
  background: var(--panel);
  border: 1px solid var(--line);
  border-left: 5px solid var(--owner, #c3cad6);
  border-radius: var(--radius);
  padding: 0.4rem 0.6rem;
  min-width: 0;
}
.cc-side header {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.3rem;
}
.cc-side p {
  margin: 0.2rem 0 0;
}
.cc-cards {
  display: flex;
  flex-wrap: wrap;
  gap: 0.2rem 0.9rem;
}
.cc-initiative {
  display: inline-block;
  font-weight: 600;
  border: 2px solid #7a5c00;
  background: #fff4d6;
  color: #4d3900;
  border-radius: 4px;
  padding: 0 0.4rem;
}
.cc-time {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.3rem 0.6rem;
  background: var(--panel);
  border: 1px solid var(--line);
  border-radius: var(--radius);
  padding: 0.4rem 0.6rem;
}
.cc-time-label {
  font-weight: 600;
}
.cc-time-track {
  display: flex;
  flex-wrap: wrap;
  gap: 0.2rem;
  list-style: none;
  margin: 0;
  padding: 0;
}
.cc-time-track li {
  min-width: 1.8rem;
  text-align: center;
  border: 1px solid var(--line);
  border-radius: 4px;
  padding: 0.05rem 0.2rem;
  color: var(--muted);
}
.cc-time-track li.now {
  background: var(--accent);
  border-color: var(--accent);
  color: var(--accent-ink);
  font-weight: 700;
}
.cc-time-track li.sudden-death {
  border: 2px solid var(--bad);
}
.cc-roll {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.3rem 0.6rem;
  background: var(--panel);
  border: 1px solid var(--line);
  border-radius: var(--radius);
  padding: 0.4rem 0.6rem;
  margin: 0;
}
.cc-roll.changed {
  outline: 3px solid var(--changed);
}
.cc-dice {
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  padding: 0.15rem 0.3rem;
  border: 3px solid transparent;
  border-radius: 6px;
}
.cc-dice.framed {
  border-color: var(--bad);
}
.cc-dice .die {
  width: 2rem;
  height: 2rem;
}
.cc-resolving {
  color: var(--bad);
  font-weight: 600;
}
.cc-board {
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
}
.cc-title {
  margin: 0;
  font-size: 1rem;
}
.cc-frame {
  position: relative;
  overflow-x: auto;
  background: var(--panel);
  border: 1px solid var(--line);
  border-radius: var(--radius);
  padding: 0.4rem;
}
.cc-map {
  display: block;
  max-width: none;
  margin: 0 auto;
  font-family: inherit;
}
.cc-hex .hex-outline {
  fill: #f7f6f0;
  stroke: #b9bfc9;
  stroke-width: 1;
}
.cc-hex.covered .hex-outline {
  fill: #e4efdc;
}
.cc-hex.hindrance .hex-outline {
  fill: #eef3c8;
  stroke-dasharray: 4 2;
}
.cc-hex.obstacle .hex-outline {
  fill: #c9c2b4;
  stroke: #6b6356;
}
.cc-hex.changed .hex-outline {
  stroke: var(--changed);
  stroke-width: 3;
}
.cc-hex .hex-id {
  font-size: 10px;
  fill: #5b6472;
}
.cc-objective .objective-disc {
  fill: #b3261e;
  stroke: #ffffff;
  stroke-width: 2;
}
.cc-objective .objective-number {
  font-size: 10px;
  font-weight: 700;
  fill: #ffffff;
}
.cc-cover .cover-badge {
  fill: #2f6b2f;
}
.cc-cover .cover-number {
  font-size: 9px;
  font-weight: 700;
  fill: #ffffff;
}
.cc-counter .counter-body {
  stroke: #1d2330;
  stroke-width: 0.8;
}
.cc-counter .counter-body.more {
  fill: #5b6472;
}
.cc-counter .more-number {
  font-size: 8px;
  font-weight: 700;
  fill: #ffffff;
}
.cc-counter .counter-mark {
  fill: #ffffff;
}
.cc-counter .counter-broken {
  fill: #b3261e;
}
.cc-counter.changed .counter-body {
  stroke: var(--changed);
  stroke-width: 2.5;
}
.cc-force ul {
  margin: 0.3rem 0 0;
  padding-left: 1.1rem;
}
.cc-force li {
  overflow-wrap: anywhere;
}
.cc-force li.broken strong {
  color: var(--bad);
}
`;
