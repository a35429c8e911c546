import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { RegisterOrganizerHandler } from '../../application/auth/register-organizer.command';
import { AuthModule } from './auth.module';
import { HealthController } from './health.controller';
import { JudgesController } from './judges.controller';
import { MatchesModule } from './matches/matches.module';
import { MetricsController } from './metrics.controller';
import { OrganizersController } from './organizers.controller';
import { ProblemDetailsFilter } from './problem-details.filter';
import { TournamentsController } from './tournaments.controller';
import { ProblemValidationPipe } from './validation.pipe';

/**
 * The HTTP API. Register controllers in `controllers`, or a feature module (for example a
 * MatchesHttpModule with its controllers and handlers) in `imports`. The filter and pipe
 * below are global: they apply to every controller of the app, wherever it is registered
 * (the caller is resolved before that, in request-limits.ts).
 */
@Module({
  imports: [AuthModule, MatchesModule],
  controllers: [
    HealthController,
    MetricsController,
    OrganizersController,
    JudgesController,
    TournamentsController,
  ],
  providers: [
    RegisterOrganizerHandler,
    { provide: APP_FILTER, useClass: ProblemDetailsFilter },
    { provide: APP_PIPE, useClass: ProblemValidationPipe },
  ],
})
export class HttpModule {}
