import { IsId } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';

/** Params of the manual adjustments' approval (decisions/manual.ts). */

export class CpManualIdParams {
  @Field('Id of the pending manual adjustment', 'Поправка')
  @IsId()
  id!: string;
}
