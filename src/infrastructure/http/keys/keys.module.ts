import { Module } from '@nestjs/common';
import { KeysController } from './keys.controller';

/** `api/v1/keys`: the public keys exports and receipts are signed with. */
@Module({ controllers: [KeysController] })
export class KeysModule {}
