// The row actions are generic UI now (components/row-actions.tsx); kept here for the organisation screens' imports.
export { type RowAction, RowActions } from '../../../components/row-actions.tsx';
