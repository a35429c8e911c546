import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SIGNING_KEY, type Signer } from '../../../application/ports/signer.port';
import { ApiProblems } from '../api-problems.decorator';
import { KeysDto } from '../matches/export.dto';
import { NoToken } from '../openapi';

@ApiTags('keys')
@Controller('api/v1/keys')
export class KeysController {
  constructor(@Inject(SIGNING_KEY) private readonly signer: Signer) {}

  @Get()
  @NoToken()
  @ApiOperation({
    operationId: 'listSigningKeys',
    summary: 'The public keys exports are signed with',
    description:
      'No token needed. Every key the store was ever signed with is listed (it is kept in the store, so a backup carries it). ' +
      'Save this answer and verify with it: `matchlog verify <file> --keys keys.json` (or pin one key with `--key <publicKey>`). ' +
      'publicKey is base64 SPKI DER; keyId is the first 16 hex digits of its sha256.',
  })
  @ApiOkResponse({ type: KeysDto, description: 'The server’s signing keys, the current one first' })
  @ApiProblems(401)
  keys(): KeysDto {
    return { keys: this.signer.publicKeys() };
  }
}
