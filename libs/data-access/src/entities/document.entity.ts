import { DOCUMENT_SOURCES, DOCUMENT_TYPES, EXTRACTION_STATUSES, FILE_KINDS } from '@quayside/domain';
import type { DocumentSource, DocumentType, ExtractionStatus, FileKind } from '@quayside/domain';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { CreatedAtColumn, InstantColumn, NullableTextColumn, TextColumn, UpdatedAtColumn, UuidColumn, inList } from './column-types';
import { EmailSubmissionEntity } from './email-submission.entity';

/**
 * An uploaded or emailed file and what was read from it (docs/documents.md). Its bytes live in
 * object storage under `storage_key`; the row exists only once the bytes are stored, and the
 * same content (`sha256`) is held once per account.
 */
@Entity({ name: 'documents' })
@Check('chk_documents_source', inList('source', DOCUMENT_SOURCES))
@Check('chk_documents_document_type', inList('document_type', DOCUMENT_TYPES))
@Check('chk_documents_document_type_manual', inList('document_type_manual', DOCUMENT_TYPES, { nullable: true }))
@Check('chk_documents_file_kind', inList('file_kind', FILE_KINDS))
@Check('chk_documents_extraction_status', inList('extraction_status', EXTRACTION_STATUSES))
@Index('idx_documents_account_list', ['account_id', 'created_at', 'id'])
@Index('uq_documents_account_sha256', ['account_id', 'sha256'], { unique: true })
// Retention's way to the oldest rows (USING brin, made by the Retention migration; TypeORM cannot describe it).
@Index('idx_documents_created_at_brin', { synchronize: false })
export class DocumentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @UuidColumn()
  account_id!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @UuidColumn({ nullable: true })
  email_submission_id!: string | null;

  @ManyToOne(() => EmailSubmissionEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'email_submission_id' })
  email_submission?: EmailSubmissionEntity;

  @TextColumn()
  name!: string;

  @TextColumn()
  source!: DocumentSource;

  @TextColumn()
  file_name!: string;

  @TextColumn()
  file_kind!: FileKind;

  @TextColumn()
  file_content_type!: string;

  @Column({ type: 'integer' })
  file_size_bytes!: number;

  @Column({ type: 'integer', nullable: true })
  page_count!: number | null;

  @TextColumn()
  sha256!: string;

  @TextColumn()
  storage_key!: string;

  @TextColumn({ nullable: false })
  document_type!: DocumentType;

  @NullableTextColumn()
  document_type_manual!: DocumentType | null;

  @NullableTextColumn()
  classification_notes!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  extracted_data_manual!: Record<string, unknown> | null;

  @TextColumn()
  extraction_status!: ExtractionStatus;

  /** Why the last extraction failed, null unless `extraction_status` is `failed`. */
  @NullableTextColumn()
  extraction_error!: string | null;

  /**
   * Bumped by every request to extract (upload, re-extract, rotate): an extraction records its
   * result only while the generation it claimed is still current, so an older run never
   * overwrites a newer request.
   */
  @Column({ type: 'integer', default: 0 })
  extraction_generation!: number;

  /** The claim of the worker extracting now and until when it holds (docs/documents.md "Extraction"). */
  @UuidColumn({ nullable: true })
  extraction_lease_id!: string | null;

  @InstantColumn({ nullable: true })
  extraction_lease_until!: Date | null;

  /** Claims of the current generation; past the limit the document is marked failed instead of retried forever. */
  @Column({ type: 'integer', default: 0 })
  extraction_attempts!: number;

  /** The upload asked for tracking requests for numbers found and not yet tracked. */
  @Column({ type: 'boolean', default: false })
  create_tracking_requests!: boolean;

  @UuidColumn({ nullable: true })
  last_document_representation_id!: string | null;

  /** Shipments and containers of the account that extraction or relinking matched. */
  @Column({ type: 'uuid', array: true, default: () => "'{}'" })
  shipment_ids!: string[];

  @Column({ type: 'uuid', array: true, default: () => "'{}'" })
  container_ids!: string[];

  @CreatedAtColumn()
  created_at!: Date;

  @UpdatedAtColumn()
  updated_at!: Date;
}
