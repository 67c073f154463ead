// The process entry of the fuzz harness; see FuzzDriver.c.
int contract_fuzz_main(int argc, char **argv);
