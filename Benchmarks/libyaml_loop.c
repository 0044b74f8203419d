/* The baseline: libyaml's event loop over a file already in memory, doing nothing with the events. */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: libyaml_loop FILE\n"); return 2; }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 2; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc(size > 0 ? size : 1);
    if (fread(bytes, 1, size, file) != (size_t)size) { perror("read"); return 2; }
    fclose(file);

    yaml_parser_t parser;
    yaml_event_t event;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, bytes, size);
    long events = 0;
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) { fprintf(stderr, "parse error\n"); return 1; }
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        events++;
        if (done) break;
    }
    yaml_parser_delete(&parser);
    free(bytes);
    printf("%ld events\n", events);
    return 0;
}
