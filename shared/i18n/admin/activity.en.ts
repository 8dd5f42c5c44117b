// English words of the activity log and of a record's history (the screens admin/activity/pages.ts loads on
// demand): they join the back-office's messages when first shown, so /login does not carry them. The menu
// entry and the resource's labels are in en.ts. Keys under rihla.activity.
export const activityEn = {
  rihla: {
    activity: {
      actions: {
        create: 'Created',
        update: 'Changed',
        delete: 'Deleted',
        cancel_trip: 'Cancelled the trip',
        cancel_booking: 'Cancelled the booking',
        verify_payment: 'Verified the payment',
        reject_payment: 'Rejected the payment',
        counter_sale: 'Sold at the counter',
        refund_paid: 'Recorded the refund as paid',
        refund_cash_recorded: 'Recorded a cash refund, to be confirmed',
        refund_cash_confirmed: 'Confirmed a cash refund',
        cancelled_proof_checked: 'Checked whether a cancelled booking’s money arrived',
        import_statement: 'Imported a bank statement',
        role_change: 'Changed the role',
        password_change: 'Changed their own password',
        update_passengers: 'Changed the travellers',
        sync_scans: 'Sent boarding scans',
        sign_in: 'Signed in',
        sign_in_failed: 'Failed to sign in',
        sign_out: 'Signed out',
        update_settings: 'Changed what travellers see (Settings)',
        resend_message: 'Sent a text message again',
        broadcast: 'Sent a text message to the passengers of a trip',
        disrupt: 'Cancelled or delayed trips',
        delay_trip: 'Delayed the trip',
        move_booking: 'Moved the booking to another trip',
        request_refund: 'Refunded the booking (traveller’s choice)',
        auto_refund: 'Refunded the booking (no choice made)',
      },
      /** What an entry records beyond a record's fields (a disruption, a timetable's trips). */
      changes: {
        action: 'Action',
        dryRun: 'Preview only',
        trips: 'Trips',
        bookings: 'Bookings',
        reason_en: 'Reason (English)',
        reason_ar: 'Reason (Arabic)',
        trips_created: 'Trips put on sale',
        trips_changed: 'Trips changed',
        trips_kept: 'Trips kept (they have passengers)',
      },
      /** A disruption's action. */
      disruption: { cancel: 'Cancel', delay: 'Delay' },
      /** Record kinds that are not registry resources. */
      kinds: { payments: 'Payments', settings: 'Settings', messages: 'Text messages' },
      /** The fields of a text message's entries (a resend, a broadcast). */
      message: {
        status: 'Status',
        tries: 'Tries',
        nextTryAt: 'Next try',
        lastError: 'Last error',
        tripId: 'Trip',
        phones: 'Phones',
        segments: 'SMS segments',
        text_en: 'Text (English)',
        text_ar: 'Text (Arabic)',
      },
      /** The fields of a bank statement import's row (server/resources/payments/statement.ts importSummary). */
      statement: {
        statement: 'Statement',
        rows: 'Rows',
        columns: 'Columns',
        matched: 'Verified',
        mismatched: 'Amount differs',
        ambiguous: 'Ambiguous',
        alreadyVerified: 'Already paid',
        unmatched: 'No proof waiting',
        debits: 'Money going out',
        verified: 'Bookings verified',
      },
      filters: {
        user: 'Staff member (e-mail)',
        action: 'Action',
        resource: 'Record kind',
        from: 'From',
        to: 'To',
        record: 'Record ID',
      },
      columns: {
        at: 'When (Khartoum time)',
        who: 'Who',
        what: 'What',
        record: 'Record',
        changes: 'Changes',
      },
      diff: {
        field: 'Field',
        before: 'Before',
        after: 'After',
        empty: 'empty',
        yes: 'Yes',
        no: 'No',
        travellers: 'Travellers',
      },
      no_changes: 'No field changed: nothing to compare.',
      nobody: 'Unknown staff member',
      /** A traveller's own cancellation (ticket ID and phone): no staff member, the phone's last digits. */
      traveller: 'The traveller, phone',
      /** A staff member this role may not look up (who verified, refunded…). */
      staff: 'a staff member',
      from_address: 'from',
      only_user: 'Show only this person’s activity',
      empty: 'Nothing matches these filters.',
      load_error: 'The activity log could not be loaded.',
      history: {
        title: 'History',
        intro: 'Who did what to this record, latest first (Khartoum time).',
        empty: 'Nothing has been recorded for this record yet.',
        error: 'The history could not be loaded.',
        all: 'See all %{count} entries in the activity log',
      },
    },
  },
};

export type ActivityMessages = typeof activityEn;
