import { Module } from '@nestjs/common';
import { BulkExport } from '../../../application/matches/bulk-export';
import { MatchCoreModule } from '../../match-core.module';
import { BulkExportController } from './bulk-export.controller';

/** `api/v1/export/matches`: many matches as one NDJSON stream. */
@Module({
  imports: [MatchCoreModule],
  controllers: [BulkExportController],
  providers: [BulkExport],
})
export class ExportModule {}
