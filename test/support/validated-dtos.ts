import { PARAMTYPES_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { RULESETS } from '../../src/domain/rulesets';
import { WebModule } from '../../src/infrastructure/web/web.module';
import { HttpModule } from '../../src/infrastructure/http/http.module';
import { PositionParams } from '../../src/domain/rulesets/position.params';

/**
 * Every DTO class the app validates, for specs that must cover all of them (the fast-accept
 * equivalence, the structural checks of the validation rules): found from the app itself, so a
 * new controller or ruleset is covered without being listed.
 */

export type Dto = new () => object;

/** The controllers' DTO parameters (bodies and queries), as Nest's pipe receives them. */
export function requestDtos(): Set<Dto> {
  const found = new Set<Dto>();
  const seen = new Set<unknown>();
  const visit = (module: unknown): void => {
    if (typeof module !== 'function' || seen.has(module)) return;
    seen.add(module);
    for (const imported of (Reflect.getMetadata('imports', module) ?? []) as unknown[])
      visit(imported);
    for (const controller of (Reflect.getMetadata('controllers', module) ?? []) as Dto[]) {
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
          string,
          { index: number }
        >;
        const types = (Reflect.getMetadata(PARAMTYPES_METADATA, controller.prototype, method) ??
          []) as unknown[];
        for (const [key, { index }] of Object.entries(args)) {
          const paramtype = Number(key.split(':')[0]);
          if (paramtype !== RouteParamtypes.BODY && paramtype !== RouteParamtypes.QUERY) continue;
          const type = types[index];
          if (typeof type !== 'function') continue;
          if ([String, Number, Boolean, Array, Object, Date, Buffer].includes(type as never))
            continue;
          found.add(type as Dto);
        }
      }
    }
  };
  visit(HttpModule);
  visit(WebModule);
  return found;
}

/** Every ruleset's params and setup DTOs, and the published example params by class. */
export function rulesetDtos(): { dtos: Set<Dto>; examples: Map<Dto, unknown[]> } {
  const dtos = new Set<Dto>();
  const examples = new Map<Dto, unknown[]>();
  // A starting position is validated by the engine's PositionParams and its game's `rules`.
  dtos.add(PositionParams as Dto);
  for (const ruleset of RULESETS) {
    if (ruleset.setupParams) dtos.add(ruleset.setupParams as Dto);
    if (ruleset.position?.rules) dtos.add(ruleset.position.rules as Dto);
    for (const spec of Object.values(ruleset.decisions)) {
      const dto = spec.params as Dto;
      dtos.add(dto);
      if (spec.example !== undefined)
        examples.set(dto, [...(examples.get(dto) ?? []), spec.example]);
    }
  }
  return { dtos, examples };
}
