import { Module } from '@nestjs/common';
import { RegisterOrganizerHandler } from '../../../application/auth/register-organizer.command';
import { OrganizersController } from './organizers.controller';

/** `api/v1/organizers`: the admin registers an organizer. */
@Module({
  controllers: [OrganizersController],
  providers: [RegisterOrganizerHandler],
})
export class OrganizersModule {}
