// Reviewed read-only lists for the SQL analysis (SPEC 5.4.1).
//
// Everything not listed here is treated as able to act: user-defined functions,
// operators and domain types can run arbitrary code, so the lists name only
// PostgreSQL built-ins (unqualified or qualified with pg_catalog) whose only
// effect is to compute a value from their arguments, the clock, a random
// generator or the catalogs. A name may only be added after checking that no
// built-in overload of it writes, locks, waits, signals, reads server files,
// changes a setting or reaches another server.
//
// Deliberately absent (non-exhaustive): nextval, setval, currval, lastval;
// pg_terminate_backend, pg_cancel_backend, pg_reload_conf, pg_rotate_logfile;
// pg_notify; pg_advisory_* and pg_try_advisory_*; pg_read_file,
// pg_read_binary_file, pg_ls_*, pg_stat_file; lo_* (large objects);
// set_config, setseed; pg_stat_reset*; dblink*; query_to_xml and the other
// *_to_xml functions that run a query; txid_current and pg_current_xact_id
// (they assign a transaction id); pg_sleep* (holds a connection and any locks
// for as long as asked: a denial of service, and a timing side channel);
// pg_logical_emit_message, pg_switch_wal, pg_create_restore_point,
// pg_*_replication_slot*, pg_backup_*; brin_summarize_*,
// gin_clean_pending_list; pg_export_snapshot; pg_log_backend_memory_contexts.

const MATH = `abs cbrt ceil ceiling degrees div exp factorial floor gcd lcm ln log log10 min_scale mod pi power pow
radians round scale sign sqrt trim_scale trunc width_bucket random random_normal
acos acosd asin asind atan atand atan2 atan2d cos cosd cot cotd sin sind tan tand sinh cosh tanh asinh acosh atanh
erf erfc gamma lgamma`;

const STRING = `ascii bit_length btrim casefold char_length character_length chr concat concat_ws format initcap
left length lower lpad ltrim md5 normalize is_normalized octet_length overlay position quote_ident quote_literal
quote_nullable regexp_count regexp_instr regexp_like regexp_match regexp_matches regexp_replace regexp_split_to_array
regexp_split_to_table regexp_substr repeat replace reverse right rpad rtrim split_part starts_with string_to_array
string_to_table strpos substr substring to_ascii to_bin to_hex to_oct translate unistr upper like_escape
similar_to_escape similar_escape sha224 sha256 sha384 sha512 crc32 crc32c encode decode convert convert_from
convert_to get_bit get_byte set_bit set_byte bit_count ltrim rtrim parse_ident text`;

const DATETIME = `age clock_timestamp current_date date_add date_bin date_part date_subtract date_trunc extract
isfinite justify_days justify_hours justify_interval make_date make_interval make_time make_timestamp make_timestamptz
now statement_timestamp timeofday transaction_timestamp timezone to_char to_date to_number to_timestamp overlaps
date time timestamp timestamptz interval`;

const JSON_FUNCTIONS = `array_to_json json_agg json_agg_strict json_array_elements json_array_elements_text json_array_length
json_build_array json_build_object json_each json_each_text json_extract_path json_extract_path_text json_object
json_object_agg json_object_agg_strict json_object_agg_unique json_object_agg_unique_strict json_object_keys
json_populate_record json_populate_recordset json_scalar json_strip_nulls json_to_record json_to_recordset json_typeof
jsonb_agg jsonb_agg_strict jsonb_array_elements jsonb_array_elements_text jsonb_array_length jsonb_build_array
jsonb_build_object jsonb_concat jsonb_contained jsonb_contains jsonb_delete jsonb_delete_path jsonb_each jsonb_each_text
jsonb_exists jsonb_exists_all jsonb_exists_any jsonb_extract_path jsonb_extract_path_text jsonb_insert jsonb_object
jsonb_object_agg jsonb_object_agg_strict jsonb_object_agg_unique jsonb_object_agg_unique_strict jsonb_object_keys
jsonb_path_exists jsonb_path_exists_tz jsonb_path_match jsonb_path_match_tz jsonb_path_query jsonb_path_query_array
jsonb_path_query_array_tz jsonb_path_query_first jsonb_path_query_first_tz jsonb_path_query_tz jsonb_populate_record
jsonb_populate_record_valid jsonb_populate_recordset jsonb_pretty jsonb_set jsonb_set_lax jsonb_strip_nulls
jsonb_to_record jsonb_to_recordset jsonb_typeof row_to_json to_json to_jsonb`;

const ARRAY = `array_agg array_append array_cat array_dims array_fill array_length array_lower array_ndims array_position
array_positions array_prepend array_remove array_replace array_reverse array_sample array_shuffle array_sort
array_to_string array_upper cardinality generate_subscripts trim_array unnest`;

const AGGREGATE = `any_value avg bit_and bit_or bit_xor bool_and bool_or corr count covar_pop covar_samp cume_dist
dense_rank every max min mode percent_rank percentile_cont percentile_disc range_agg range_intersect_agg rank
regr_avgx regr_avgy regr_count regr_intercept regr_r2 regr_slope regr_sxx regr_sxy regr_syy stddev stddev_pop
stddev_samp string_agg sum var_pop var_samp variance xmlagg`;

const WINDOW = `row_number ntile lag lead first_value last_value nth_value`;

const MISC = `coalesce nullif greatest least num_nonnulls num_nulls pg_typeof generate_series gen_random_uuid uuidv4
uuidv7 uuid_extract_timestamp uuid_extract_version current_setting version current_database current_catalog
current_schema current_schemas pg_backend_pid pg_collation_for system_user pg_postmaster_start_time pg_conf_load_time
inet_client_addr inet_client_port inet_server_addr inet_server_port pg_client_encoding pg_encoding_to_char
pg_char_to_encoding format_type pg_get_viewdef pg_get_indexdef pg_get_constraintdef pg_get_functiondef
pg_get_function_arguments pg_get_function_result pg_get_function_identity_arguments pg_get_triggerdef pg_get_ruledef
pg_get_expr pg_get_keywords pg_get_serial_sequence pg_get_userbyid pg_get_statisticsobjdef pg_table_is_visible
pg_type_is_visible pg_function_is_visible to_regclass to_regtype to_regtypemod to_regproc to_regprocedure to_regoper
to_regoperator to_regnamespace to_regrole to_regcollation has_any_column_privilege has_column_privilege
has_database_privilege has_foreign_data_wrapper_privilege has_function_privilege has_language_privilege
has_parameter_privilege has_schema_privilege has_sequence_privilege has_server_privilege has_table_privilege
has_tablespace_privilege has_type_privilege pg_has_role obj_description col_description shobj_description
pg_column_size pg_column_compression pg_relation_size pg_total_relation_size pg_table_size pg_indexes_size
pg_database_size pg_size_pretty pg_size_bytes to_tsvector to_tsquery plainto_tsquery phraseto_tsquery
websearch_to_tsquery ts_rank ts_rank_cd ts_headline ts_lexize setweight strip numnode querytree tsvector_to_array
array_to_tsvector length host hostmask netmask network family masklen broadcast abbrev set_masklen inet_same_family
inet_merge xpath xpath_exists xml_is_well_formed xml_is_well_formed_document xml_is_well_formed_content xmlcomment
xmltext xmlexists lower_inc upper_inc lower_inf upper_inf isempty range_merge multirange int4range int8range numrange
daterange tsrange tstzrange bool int2 int4 int8 float4 float8 numeric varchar bpchar`;

/** Function names (lowercase, as the parser stores unquoted names) that are read-only in every dialect. */
export const READ_ONLY_FUNCTIONS: ReadonlySet<string> = new Set(
  [MATH, STRING, DATETIME, JSON_FUNCTIONS, ARRAY, AGGREGATE, WINDOW, MISC].join(' ').split(/\s+/).filter(Boolean),
);

/** Extra read-only built-ins of MySQL, checked against MySQL's side-effecting functions (sleep, benchmark, get_lock, load_file, …). */
export const MYSQL_READ_ONLY_FUNCTIONS: ReadonlySet<string> = new Set(
  `ifnull if instr locate date_format datediff curdate curtime unix_timestamp from_unixtime str_to_date json_extract
json_unquote json_contains json_keys json_length lcase ucase mid field find_in_set database hex unhex
sec_to_time time_to_sec dayofweek dayofmonth dayofyear weekday monthname dayname year month day hour minute second`
    .split(/\s+/)
    .filter(Boolean),
);

/** Extra read-only built-ins of SQLite, checked against load_extension, readfile, writefile, edit, fts3_tokenizer. */
export const SQLITE_READ_ONLY_FUNCTIONS: ReadonlySet<string> = new Set(
  `ifnull iif instr printf typeof hex quote total group_concat strftime datetime julianday unixepoch json_extract
json_array json_object json_type json_valid json_quote glob likely unlikely unicode char soundex randomblob zeroblob
sqlite_version changes total_changes last_insert_rowid`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * SQLite PRAGMA table-valued functions (`pragma_<name>`) that only read. SQLite
 * registers one for every PRAGMA flagged Result0 or Result1, and runs it as
 * `PRAGMA [schema.]<name>[=arg]` (src/pragma.c, sqlite3PragmaVtabRegister and
 * pragmaVtabFilter; flags in tool/mkpragmatab.tcl). The documentation says only
 * PRAGMAs "that return results and that have no side-effects" get one
 * (https://www.sqlite.org/pragma.html#pragfunc), but the flags admit
 * `optimize` (runs ANALYZE, writes sqlite_stat1), `integrity_check` and others,
 * so every other `pragma_*` name is refused, whatever its case or schema.
 * Each listed PRAGMA reports and changes nothing, its argument (a table, index
 * or schema name) only selects what is reported:
 * - table_info, table_xinfo: https://www.sqlite.org/pragma.html#pragma_table_info, #pragma_table_xinfo
 * - table_list: https://www.sqlite.org/pragma.html#pragma_table_list
 * - index_info, index_xinfo, index_list: https://www.sqlite.org/pragma.html#pragma_index_info, #pragma_index_xinfo, #pragma_index_list
 * - foreign_key_list: https://www.sqlite.org/pragma.html#pragma_foreign_key_list
 * - database_list, collation_list: https://www.sqlite.org/pragma.html#pragma_database_list, #pragma_collation_list
 * - function_list, module_list, pragma_list: https://www.sqlite.org/pragma.html#pragma_function_list, #pragma_module_list, #pragma_pragma_list
 * - compile_options: https://www.sqlite.org/pragma.html#pragma_compile_options
 * SPEC 5.4.1.
 */
export const SQLITE_PRAGMA_READERS: ReadonlySet<string> = new Set(
  `table_info table_xinfo table_list index_info index_xinfo index_list foreign_key_list database_list collation_list
function_list module_list pragma_list compile_options`
    .split(/\s+/)
    .filter(Boolean)
    .map((n) => `pragma_${n}`),
);

/** Built-in operator symbols. User-defined operators (any other symbol, or a schema other than pg_catalog) are refused. */
export const READ_ONLY_OPERATORS: ReadonlySet<string> = new Set(
  `= <> < > <= >= + - * / % ^ |/ ||/ @ & | # ~ << >> || ~~ !~~ ~~* !~~* !~ ~* !~* -> ->> #> #>> @> <@ ? ?| ?& @? @@
&& <-> <<= >>= -|- &< &> <<| |>> &<| |&> ## @-@ ?# ?- ?-| ?|| ~= ^@ #-`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Built-in types a cast may target. A cast to any other type may run user
 * code: a domain's CHECK constraint, or a user-defined cast function.
 */
export const READ_ONLY_TYPES: ReadonlySet<string> = new Set(
  `bool int2 int4 int8 float4 float8 numeric money text varchar bpchar char name bytea bit varbit date time timetz
timestamp timestamptz interval json jsonb jsonpath uuid xml inet cidr macaddr macaddr8 oid regclass regtype regproc
regprocedure regoper regoperator regnamespace regrole regconfig regdictionary regcollation tsvector tsquery point line
lseg box path polygon circle int4range int8range numrange daterange tsrange tstzrange int4multirange int8multirange
nummultirange datemultirange tsmultirange tstzmultirange pg_lsn record`
    .split(/\s+/)
    .filter(Boolean),
);

/** Built-in TABLESAMPLE methods (tsm_system_rows and tsm_system_time are extensions and not listed). */
export const READ_ONLY_TABLESAMPLE: ReadonlySet<string> = new Set(['system', 'bernoulli']);

/** EXPLAIN options that only change what is reported. ANALYZE is accepted because the explained statement must itself be read-only. */
export const EXPLAIN_OPTIONS: ReadonlySet<string> = new Set([
  'analyze',
  'verbose',
  'costs',
  'settings',
  'generic_plan',
  'buffers',
  'serialize',
  'wal',
  'timing',
  'summary',
  'memory',
  'format',
]);
