import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Documents, their extractions (document_representations) and the email submissions they came in (docs/documents.md). */
export class Documents1795566092796 implements MigrationInterface {
  name = 'Documents1795566092796';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "email_submissions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "subject" text NOT NULL, "body" text, "from" text array NOT NULL DEFAULT '{}', "to" text array NOT NULL DEFAULT '{}', "cc" text array NOT NULL DEFAULT '{}', "sent_at" TIMESTAMP WITH TIME ZONE, "message_id" text, "in_reply_to" text, "references" text array NOT NULL DEFAULT '{}', "content_type" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_91d7af690e9bdc598f960858eb3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_email_submissions_account_list" ON "email_submissions" ("account_id", "created_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "documents" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "email_submission_id" uuid, "name" text NOT NULL, "source" text NOT NULL, "file_name" text NOT NULL, "file_kind" text NOT NULL, "file_content_type" text NOT NULL, "file_size_bytes" integer NOT NULL, "page_count" integer, "sha256" text NOT NULL, "storage_key" text NOT NULL, "document_type" text NOT NULL, "document_type_manual" text, "classification_notes" text, "extracted_data_manual" jsonb, "extraction_status" text NOT NULL, "last_document_representation_id" uuid, "shipment_ids" uuid array NOT NULL DEFAULT '{}', "container_ids" uuid array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_documents_extraction_status" CHECK ("extraction_status" IN ('pending', 'extracted', 'failed')), CONSTRAINT "chk_documents_file_kind" CHECK ("file_kind" IN ('pdf', 'png', 'jpeg', 'tiff', 'eml')), CONSTRAINT "chk_documents_document_type_manual" CHECK ("document_type_manual" IS NULL OR "document_type_manual" IN ('bill_of_lading', 'arrival_notice', 'delivery_order', 'invoice', 'other')), CONSTRAINT "chk_documents_document_type" CHECK ("document_type" IN ('bill_of_lading', 'arrival_notice', 'delivery_order', 'invoice', 'other')), CONSTRAINT "chk_documents_source" CHECK ("source" IN ('upload', 'api', 'email', 'split_document')), CONSTRAINT "PK_ac51aa5181ee2036f5ca482857c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_documents_account_sha256" ON "documents" ("account_id", "sha256") `);
    await queryRunner.query(`CREATE INDEX "idx_documents_account_list" ON "documents" ("account_id", "created_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "document_representations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "document_id" uuid NOT NULL, "schema_version" text NOT NULL, "payload" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9eb7fcfbd79b693b7193700ef67" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_document_representations_document" ON "document_representations" ("account_id", "document_id", "created_at") `,
    );
    await queryRunner.query(
      `ALTER TABLE "email_submissions" ADD CONSTRAINT "FK_0aacbb7df7db4ac9fbaeec15df5" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "documents" ADD CONSTRAINT "FK_5fdf79ea6b9c611a15f39143862" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "documents" ADD CONSTRAINT "FK_05746f8f2a6103e4f8f758a65ce" FOREIGN KEY ("email_submission_id") REFERENCES "email_submissions"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "document_representations" ADD CONSTRAINT "FK_b0b60daa1980c6154705d739f8a" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "document_representations" ADD CONSTRAINT "FK_48e5a43bea8bca0466a4ca23745" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document_representations" DROP CONSTRAINT "FK_48e5a43bea8bca0466a4ca23745"`);
    await queryRunner.query(`ALTER TABLE "document_representations" DROP CONSTRAINT "FK_b0b60daa1980c6154705d739f8a"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP CONSTRAINT "FK_05746f8f2a6103e4f8f758a65ce"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP CONSTRAINT "FK_5fdf79ea6b9c611a15f39143862"`);
    await queryRunner.query(`ALTER TABLE "email_submissions" DROP CONSTRAINT "FK_0aacbb7df7db4ac9fbaeec15df5"`);
    await queryRunner.query(`DROP INDEX "public"."idx_document_representations_document"`);
    await queryRunner.query(`DROP TABLE "document_representations"`);
    await queryRunner.query(`DROP INDEX "public"."idx_documents_account_list"`);
    await queryRunner.query(`DROP INDEX "public"."uq_documents_account_sha256"`);
    await queryRunner.query(`DROP TABLE "documents"`);
    await queryRunner.query(`DROP INDEX "public"."idx_email_submissions_account_list"`);
    await queryRunner.query(`DROP TABLE "email_submissions"`);
  }
}
