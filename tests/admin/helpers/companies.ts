// A company as the API answers it, for the back office's form tests.
export const nileExpress = {
  _id: 'c1',
  company_name: 'Nile Express',
  company_phone: '0912345678',
  company_email: 'info@nile.sd',
  company_tin: '300012345',
};
