import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';

/**
 * Adds members to a route's Fastify config, keeping those other decorators set: Nest's
 * `@RouteConfig()` replaces the whole config, so two of them on one route lose one.
 */
export function RouteFlags(flags: Record<string, unknown>): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const set = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as object;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...set, ...flags }, handler);
    return descriptor;
  };
}
