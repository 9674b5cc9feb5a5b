import { RETAILER_CODES, type RetailerCode } from '../api/retailers.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { SelectField } from './fields.tsx';

/** A choice of retailer; with `any`, a first option ('') for every retailer, under that text. */
export function RetailerSelect<T extends RetailerCode | ''>(props: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  any?: string;
  describe?: (code: RetailerCode) => string;
  hint?: string;
}) {
  const describe = props.describe ?? retailerName;
  const options = [
    ...(props.any === undefined ? [] : [['' as T, props.any] as const]),
    ...RETAILER_CODES.map((code) => [code as T, describe(code)] as const),
  ];
  return (
    <SelectField
      label={props.label}
      value={props.value}
      options={options}
      onChange={props.onChange}
      hint={props.hint}
    />
  );
}
